import { ZErrorBody } from '@rally/domain';

/** The error answers every authenticated route can give, for its OpenAPI description. */
export const errorResponses = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
} as const;
