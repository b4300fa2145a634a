/**
 * Shapes every domain contract uses: the call signature, the empty argument
 * object and the per-domain name sets that keep the runtime call list complete.
 */

/** One call: plain, serialisable arguments in, a promise of a plain result out. */
export type Call<A, R> = (args: A) => Promise<R>;

/** Calls without arguments take an empty object so every call has the same shape. */
export type NoArgs = Record<string, never>;

/**
 * A domain's runtime list of names, written as an object so the compiler fails
 * when a call is declared in the domain's interface but not listed here.
 */
export type NameSet<T> = { readonly [K in keyof T]-?: true };
