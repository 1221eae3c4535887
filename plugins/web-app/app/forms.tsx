import { useCallback, useRef, useState, type FormEvent } from 'react';
import { problemOf, type Problem } from './api/client';
import { Notice } from './components';
import { useT } from './i18n';

/** A submitted form's fields as strings (FormData of its named inputs). */
export const formValues = (form: HTMLFormElement) => Object.fromEntries(new FormData(form)) as Record<string, string>;

/** What an openapi-fetch call resolves to: the parsed body on success, else the error body, and the response. */
export interface ApiResult<T> { data?: T; error?: unknown; response: Response }

export interface ApiFormOptions<T> {
  /** Called once the API answered 2xx, with its body and the values that were sent. */
  onSuccess: (data: T, values: Record<string, string>) => void;
  /** Reword what a failed call shows (the login page turns a 401 into its own message). */
  problem?: (found: Problem, response: Response) => Problem;
}

/**
 * One way every form talks to the API: submit reads the form's fields, ignores a second press
 * while the call is in flight, and keeps what a failure says (a 422's field messages, else the
 * API's detail) for the fields and the form's notice. A network failure shows the generic error.
 */
export function useApiForm<T>(send: (values: Record<string, string>) => Promise<ApiResult<T>>, options: ApiFormOptions<T>) {
  const t = useT();
  const [problem, setProblem] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const latest = useRef({ send, options });
  latest.current = { send, options };

  const submitValues = useCallback(async (values: Record<string, string>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const { data, error, response } = await latest.current.send(values);
      if (response.ok) {
        setProblem(undefined);
        latest.current.options.onSuccess(data as T, values);
        return;
      }
      const found = problemOf(error, response.status);
      setProblem(latest.current.options.problem ? latest.current.options.problem(found, response) : found);
    } catch {
      setProblem({ fields: {}, message: t('app.error') });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [t]);

  const onSubmit = useCallback((event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submitValues(formValues(event.currentTarget));
  }, [submitValues]);

  return {
    onSubmit,
    submitValues,
    busy,
    problem,
    setProblem,
    /** The API's message for one body field, for a field's `error`. */
    fieldError: (field: string) => problem?.fields[field],
  };
}

/** The form-level message of a failed call (what is not about one field). */
export function FormProblem({ problem }: { problem?: Problem }) {
  return problem?.message ? <Notice kind="error">{problem.message}</Notice> : null;
}
