import type { components } from './generated/api';

/** A paged list as the API answers it (spec 2.4): the page's items and `_pagination`. */
export interface PagedResponse<Item> {
  data?: Item[] | null;
  _pagination: components['schemas']['Pagination'];
}

/**
 * Every item of a paged list, fetching page 1, 2, ... as the loop asks for them, until the last
 * page `_pagination.totalPages` names (or an empty page, if items vanish while paging).
 */
export async function* paginate<Item>(fetchPage: (page: number) => Promise<{ data: PagedResponse<Item> }>): AsyncGenerator<Item, void, undefined> {
  for (let page = 1; ; page++) {
    const { data: answer } = await fetchPage(page);
    const items = answer.data ?? [];
    yield* items;
    if (items.length === 0 || page >= answer._pagination.totalPages) return;
  }
}

/** The items of an async iterable in an array (Array.fromAsync arrives with Node 22). */
export async function collect<Item>(items: AsyncIterable<Item>): Promise<Item[]> {
  const all: Item[] = [];
  for await (const item of items) all.push(item);
  return all;
}
