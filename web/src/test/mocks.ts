import type { MockLink } from '@apollo/client/testing';

/** Mocked GraphQL answers for MockedProvider. */
export type Mocks = ReadonlyArray<MockLink.MockedResponse>;
