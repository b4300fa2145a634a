/**
 * Shapes every domain contract uses: the call signature and the empty argument object.
 */

/** One call: plain, serialisable arguments in, a promise of a plain result out. */
export type Call<A, R> = (args: A) => Promise<R>;

/** Calls without arguments take an empty object so every call has the same shape. */
export type NoArgs = Record<string, never>;
