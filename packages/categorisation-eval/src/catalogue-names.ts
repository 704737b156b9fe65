/**
 * Which merchants the categoriser's catalogue names, for the tests that show a labelled set's merchants are unknown
 * to it. Read from the catalogue's source (the package exports no catalogue), so it counts what the catalogue holds now.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** Lower-case words without accents or punctuation, joined by one space. */
export function words(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

const CATALOGUE_DIR = join(__dirname, '..', '..', 'categorisation', 'src', 'catalogue');

/**
 * Every name in the categoriser's catalogue files, as words: each string in an array literal, except the
 * generic business words given to `businessTypes(...)` ("bakkerij", "apotheek"), which name a trade, not a
 * merchant.
 */
export function catalogueNamesFromSource(): string[] {
  const names: string[] = [];
  for (const file of readdirSync(CATALOGUE_DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = ts.createSourceFile(file, readFileSync(join(CATALOGUE_DIR, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.getText(source) === 'businessTypes') return;
      if (ts.isArrayLiteralExpression(node)) {
        for (const element of node.elements) if (ts.isStringLiteralLike(element)) names.push(words(element.text.replace(/^[\^=]/, '')));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return names.filter((name) => name !== '');
}

/** A merchant is in the catalogue when any of `catalogueNames` occurs in its name as whole words (a conservative count). */
export function inCatalogue(catalogueNames: readonly string[], merchant: string): boolean {
  const padded = ` ${words(merchant)} `;
  return catalogueNames.some((name) => padded.includes(` ${name} `));
}
