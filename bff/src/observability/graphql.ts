import type { IncomingMessage } from 'node:http';
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { markOperation } from './http.js';
import type { BffMetrics } from './metrics.js';

/**
 * Times each executed GraphQL operation by name (bolsa_graphql_operation_duration_seconds) and
 * hands the name's label to the request's log line. Only operations that resolved against the
 * schema count: a document that does not parse or validate names nothing.
 */
export function operationMetrics<C extends BaseContext & { req: IncomingMessage }>(
  metrics: BffMetrics,
): ApolloServerPlugin<C> {
  return {
    async requestDidStart({ contextValue }) {
      const started = performance.now();
      let label: string | null = null;
      return {
        async didResolveOperation({ operationName }) {
          label = metrics.operationLabel(operationName);
          markOperation(contextValue.req, label);
        },
        async willSendResponse({ response }) {
          if (label === null) return;
          const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
          metrics.operation(label, !errors?.length, (performance.now() - started) / 1e3);
        },
      };
    },
  };
}
