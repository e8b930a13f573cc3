import type { Frame, Page } from 'playwright-core';

/** A CJK ideograph, CJK punctuation or a full-width form: none belongs in an English interface. */
export const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** One text a page shows, with what a reader needs to find it and to judge whether it is data. */
export interface ShownText {
  text: string;
  /** Where it sits: `cell`, `header`, `tree`, `option`, `attribute:<name>`, or `text`. */
  kind: string;
  /** For a table body cell, its column's header (as shown). */
  column?: string;
}

/**
 * Every text the document shows that contains CJK: visible text nodes, and the placeholder, title and
 * aria-label of visible elements. Runs in the page (or a frame), so it is self-contained.
 */
export function shownCjkTexts(frame: Page | Frame): Promise<ShownText[]> {
  return frame.evaluate((cjkSource) => {
    const cjk = new RegExp(cjkSource);
    const found: { text: string; kind: string; column?: string }[] = [];
    const seen = new Set<string>();
    const visible = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      element.getClientRects().length > 0;
    const columnOf = (cell: Element): string | undefined => {
      const row = cell.closest('tr');
      const table = cell.closest('table');
      const tableRoot = cell.closest('.ant-table');
      if (!row || !table) return undefined;
      const index = Array.from(row.children).indexOf(cell);
      // antd draws the header in a table of its own when the body scrolls: same columns, same order.
      const header =
        table.querySelector('thead tr:last-child') ?? tableRoot?.querySelector('thead tr:last-child');
      const th = header?.children[index];
      return th?.textContent?.trim() || undefined;
    };
    const kindOf = (element: Element): { kind: string; column?: string } => {
      const cell = element.closest('tbody td');
      if (cell) return { kind: 'cell', column: columnOf(cell) };
      if (element.closest('thead')) return { kind: 'header' };
      if (element.closest('.ant-tree-treenode, [role="treeitem"]')) return { kind: 'tree' };
      if (element.closest('.ant-select-item, .ant-select-selection-item, [role="option"]'))
        return { kind: 'option' };
      if (element.closest('.ant-descriptions-item-content')) return { kind: 'description' };
      return { kind: 'text' };
    };
    const add = (text: string, where: { kind: string; column?: string }) => {
      const trimmed = text.replace(/\s+/g, ' ').trim();
      if (!trimmed || !cjk.test(trimmed)) return;
      const key = `${where.kind}|${where.column ?? ''}|${trimmed}`;
      if (seen.has(key)) return;
      seen.add(key);
      found.push({ text: trimmed, ...where });
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent || !cjk.test(node.textContent)) continue;
      if (parent.closest('script, style, noscript, template')) continue;
      if (!visible(parent)) continue;
      add(node.textContent, kindOf(parent));
    }
    for (const element of Array.from(
      document.body.querySelectorAll('[placeholder], [title], [aria-label]'),
    )) {
      if (!visible(element)) continue;
      for (const name of ['placeholder', 'title', 'aria-label']) {
        const value = element.getAttribute(name);
        if (value) add(value, { kind: `attribute:${name}` });
      }
    }
    return found;
  }, CJK.source);
}

/**
 * A field whose text is data Chinese by nature: what names a person, a place or a thing someone
 * registered, or free text someone typed.
 */
const NATURAL_FIELD =
  /(name|address|location|remarks?|description|notes?|title|content|fault|responsible|contact|person|leader|maintainer|handler|creator|operator|reporter|owner|customer|vendor|street|segment|district|city|province|place)$/i;
/**
 * Fields that name an enumeration the product defines (a type, a status, an alarm kind, a product or
 * thing-model function): the product's own vocabulary, so it must come in the reader's language.
 */
const VOCABULARY_FIELD =
  /(type|kind|status|state|level|category|product|model|function|property|event|service|rule|reason|unit|group|alarm|dict|template)/i;

/**
 * The values of API responses that are data Chinese by nature: a natural field (above) of a record that
 * does not also carry the field in English (`nameEn` beside `name`: then the record says which
 * language it is in, and the English one is what an English page shows).
 */
export class NaturalData {
  readonly values = new Set<string>();
  private pending: Promise<unknown>[] = [];

  /** Reads every JSON answer of `/api` that `page` (and its frames) receive. */
  watch(page: Page) {
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.startsWith('/api/')) return;
      if (!(response.headers()['content-type'] ?? '').includes('json')) return;
      this.pending.push(
        response.json().then(
          (body: unknown) => this.collect(body),
          () => undefined,
        ),
      );
    });
  }

  /** Waits for the answers received so far to be read. */
  async settled() {
    const pending = this.pending;
    this.pending = [];
    await Promise.all(pending);
  }

  private collect(value: unknown) {
    if (Array.isArray(value)) {
      for (const item of value) this.collect(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    for (const [key, field] of Object.entries(record)) {
      if (typeof field === 'string') {
        if (
          CJK.test(field) &&
          NATURAL_FIELD.test(key) &&
          !VOCABULARY_FIELD.test(key) &&
          !(`${key}En` in record)
        )
          this.values.add(field.trim());
      } else this.collect(field);
    }
  }

  /**
   * Whether every Chinese in `text` is such data: the text with every natural value taken out (longest
   * first, so a name inside a longer name is not taken out alone) has no CJK left.
   */
  covers(text: string): boolean {
    let rest = text;
    const inside = [...this.values].filter((value) => value && rest.includes(value));
    inside.sort((a, b) => b.length - a.length);
    for (const value of inside) rest = rest.split(value).join(' ');
    return !CJK.test(rest);
  }
}

/** Where a text can be data: not a table's column header, not a placeholder (both the product's words). */
export const canBeData = (shown: ShownText) =>
  shown.kind !== 'header' && shown.kind !== 'attribute:placeholder';
