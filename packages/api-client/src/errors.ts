/** The server's single JSON error shape. */
export interface ApiFieldError {
  field: string;
  message: string;
}

export interface ApiErrorBody {
  code: string;
  message: string;
  fields?: ApiFieldError[];
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: ApiFieldError[];

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fields = body.fields ?? [];
  }

  /** Messages keyed by field name (`document`, `emails[0]`, `address.cep`…), first message wins. */
  fieldMessages(): Record<string, string> {
    const byField: Record<string, string> = {};
    for (const f of this.fields) byField[f.field] ??= f.message;
    return byField;
  }
}

const GENERIC_MESSAGE = 'Não foi possível concluir a operação. Tente novamente.';

export async function toApiError(response: Response): Promise<ApiError> {
  let body: ApiErrorBody = { code: `http_${response.status}`, message: GENERIC_MESSAGE };
  try {
    const parsed = (await response.json()) as Partial<ApiErrorBody>;
    if (parsed && typeof parsed.message === 'string') {
      body = { code: parsed.code ?? body.code, message: parsed.message, fields: parsed.fields };
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): keep the generic Portuguese message.
  }
  return new ApiError(response.status, body);
}
