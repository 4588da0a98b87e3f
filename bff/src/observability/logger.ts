import { LOG_PRIVACY } from '@bolsa/domain';
import { logging, type Logger } from '@bolsa/observability';

/** The BFF's loggers: @bolsa/observability's with the domain's privacy rules. */
export const { createLogger, capturingLogger, processLogger, requestLog } = logging(LOG_PRIVACY);

/** The BFF process's logger from the environment, for code started without one (tests, scripts). */
export const defaultLogger = (): Logger => processLogger('bff');
