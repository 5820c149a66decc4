import { LoggerModule } from 'nestjs-pino';
import { EnvironmentService } from '../config/environment.service.js';

/**
 * JSON logs, one line per request with its request id (set by Fastify, http/request-id.ts). Only
 * method, path and status are logged from a request: never its body, so a sender's email and
 * message stay out of the logs, and never its query string, which carries what operators type
 * (an inbox search, the audit screen's address, an export's filter) and the sign-in callback's
 * code and state.
 */
export const loggerModule = () =>
  LoggerModule.forRootAsync({
    inject: [EnvironmentService],
    useFactory: (environment: EnvironmentService) => ({
      pinoHttp: {
        level: environment.get('LOG_LEVEL'),
        serializers: {
          req: (req: { id: string; method: string; url: string }) => ({
            id: req.id,
            method: req.method,
            url: pathOf(req.url),
          }),
          res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        },
        customLogLevel: (_req, res, error) =>
          error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      },
    }),
  });

/** A request's path without its query string. */
export const pathOf = (url: string) => url.split('?', 1)[0]!;
