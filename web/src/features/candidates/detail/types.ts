import type { CandidateDetailQuery } from '../../../gql/graphql';

export type CandidateDetailData = NonNullable<CandidateDetailQuery['candidate']>;
