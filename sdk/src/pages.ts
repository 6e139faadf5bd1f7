// Cursor pages: `await list(...)` is the first page; `for await (const item of list(...))` walks
// every item of every page, asking for the next page only when the previous one is used up.

/** What every list answer carries. */
export type Page<T> = { data: T[]; nextCursor: string | null; hasMore?: boolean };

/** The first page when awaited; every item, page after page, when iterated with `for await`. */
export class PageList<P extends Page<unknown>> implements PromiseLike<P>, AsyncIterable<P["data"][number]> {
  #first: Promise<P> | undefined;

  constructor(private readonly fetchPage: (cursor: string | undefined) => Promise<P>) {}

  #firstPage(): Promise<P> {
    this.#first ??= this.fetchPage(undefined);
    return this.#first;
  }

  then<A = P, B = never>(
    onFulfilled?: ((page: P) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#firstPage().then(onFulfilled, onRejected);
  }

  /** Every page in turn, the first one included. */
  async *pages(): AsyncGenerator<P> {
    let page = await this.#firstPage();
    yield page;
    while (page.nextCursor && page.hasMore !== false) {
      page = await this.fetchPage(page.nextCursor);
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<P["data"][number]> {
    for await (const page of this.pages()) yield* page.data as P["data"][number][];
  }
}
