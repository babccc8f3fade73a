/**
 * The one action path (000 §8): every state-changing call of the console goes through `useAction`.
 * It sends through the API client (quietly: the texts are chosen here), treats `success: false` as a
 * failure, shows the spec's success text and the failure's text as toasts, refreshes the queries the
 * action names (after a failure too: a refusal such as 'already deactivated' means the copy on screen
 * is stale), and puts server field errors on the form's inputs. `run` never throws: it resolves to
 * the outcome (lib/action-outcome.ts), so a caller closes its dialog on `ok` and keeps it otherwise.
 *
 * An endpoint declares its action once in its resource's `api/` file (`send` and `refresh`); the
 * screen adds its texts: `useAction({ ...userAction, success: (_, v) => … })`.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { PASSWORD_VERIFICATION_REQUIRED } from '@wayguard/contracts';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { errorOutcome, formFieldErrors, responseOutcome, type ActionOutcome } from './action-outcome';
import { toast } from './toast';

export type ActionDef<V, T> = {
  send: (vars: V) => Promise<T>;
  /** Query keys (prefixes) refetched once the server has answered, whatever it said. */
  refresh?: (vars: V, outcome: ActionOutcome<T>) => readonly (QueryKey | false | undefined)[];
};

export type ActionOptions<V, T> = ActionDef<V, T> & {
  /** The success toast's text (000 §8 catalogue), or null for none. */
  success?: string | ((data: T, vars: V) => string | null) | null;
  /** A refusal's text when the server gives none (default 'Something went wrong…', 000 §8). */
  refusalText?: string;
  /** 'toast' (default) shows a failure's text; 'inline' leaves it to the caller (`outcome.message`). */
  errors?: 'toast' | 'inline';
  /** Shown at once and rolled back on failure: the cached data of `key` changed as the server will. */
  optimistic?: { key: (vars: V) => QueryKey; update: (current: unknown, vars: V) => unknown };
  onSuccess?: (data: T, vars: V) => void | Promise<void>;
};

export type RunOptions<F extends FieldValues> = {
  /** No failure toast for this call (e.g. declining the terms signs out whatever the answer). */
  quiet?: boolean;
  /** This call's success text, when it depends on what is on screen (e.g. the user's name). */
  success?: string | null;
  /** The form whose inputs receive the server's field errors (setError per field). */
  form?: Pick<UseFormReturn<F>, 'setError' | 'getValues'>;
};

export function useAction<V, T>(options: ActionOptions<V, T>) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (vars: V): Promise<ActionOutcome<T>> => {
      let rollback: (() => void) | null = null;
      if (options.optimistic) {
        const key = options.optimistic.key(vars);
        await queryClient.cancelQueries({ queryKey: key });
        const previous = queryClient.getQueryData(key);
        if (previous !== undefined) {
          queryClient.setQueryData(key, options.optimistic.update(previous, vars));
          rollback = () => queryClient.setQueryData(key, previous);
        }
      }
      let outcome: ActionOutcome<T>;
      try {
        outcome = responseOutcome(await options.send(vars), options.refusalText);
      } catch (error) {
        outcome = errorOutcome(error);
      }
      if (!outcome.ok) rollback?.();
      const keys = options.refresh?.(vars, outcome) ?? [];
      // Not awaited with an optimistic update: the next change may start at once (its cancelQueries
      // stops this refetch and works from the cache, which already holds the stored state).
      const refetch = Promise.all(
        keys.filter((k): k is QueryKey => Boolean(k)).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      if (!options.optimistic) await refetch;
      return outcome;
    },
  });

  // `run` keeps its identity across renders (an effect may depend on it) and reads the latest options.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const { mutateAsync } = mutation;

  const run = useCallback(
    async function run<F extends FieldValues = FieldValues>(
      vars: V,
      runOptions: RunOptions<F> = {},
    ): Promise<ActionOutcome<T>> {
      const options = latest.current;
      const outcome = await mutateAsync(vars);
      if (outcome.ok) {
        const text =
          runOptions.success !== undefined
            ? runOptions.success
            : typeof options.success === 'function'
              ? options.success(outcome.data, vars)
              : options.success;
        if (text) toast.success(text);
        await options.onSuccess?.(outcome.data, vars);
        return outcome;
      }
      const form = runOptions.form;
      const placed = form
        ? formFieldErrors(outcome.fields, (p) => form.getValues(p as Path<F>) !== undefined)
        : { onInputs: [], unplaced: 0 };
      for (const [path, message] of placed.onInputs) form?.setError(path as Path<F>, { type: 'server', message });
      // A refusal asking for the password first is no failure to show: the screen opens 'Verify password'
      // and sends the call again (features/users/hooks/use-password-retry.ts).
      const asksForPassword = outcome.code === PASSWORD_VERIFICATION_REQUIRED;
      if (options.errors !== 'inline' && !runOptions.quiet && !asksForPassword && outcome.message)
        toast.error(outcome.message);
      return outcome;
    },
    [mutateAsync],
  );

  return {
    run,
    pending: mutation.isPending,
    /** What the running call was sent with (for a button's spinner), else undefined. */
    variables: mutation.isPending ? mutation.variables : undefined,
  };
}
