/**
 * The XML of OFX 2.x and CAMT.053 statements, read with fast-xml-parser. Entities are not expanded by
 * the parser (a DOCTYPE could declare ones that grow without bound); texts are decoded afterwards
 * with the five XML entities and numeric references only.
 */
import { XMLParser } from 'fast-xml-parser';
import { decodeEntities } from '../text.js';

export type XmlNode = Record<string, unknown>;

/** Parses `text`, the elements named in `arrays` always read as lists. Throws on malformed XML. */
export function parseXml(text: string, arrays: readonly string[]): XmlNode {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    htmlEntities: false,
    removeNSPrefix: true,
    trimValues: true,
    isArray: (name) => arrays.includes(name),
  });
  return parser.parse(text, true) as XmlNode;
}

/** The element at `path` under `node` (the first of a list), or undefined. */
export function at(node: unknown, ...path: string[]): unknown {
  let here: unknown = node;
  for (const key of path) {
    if (Array.isArray(here)) here = here[0];
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as XmlNode)[key];
  }
  return Array.isArray(here) ? here[0] : here;
}

/** The text of the element at `path`, decoded, or '' when there is none. */
export function textAt(node: unknown, ...path: string[]): string {
  const value = at(node, ...path);
  const raw =
    typeof value === 'string'
      ? value
      : value !== null && typeof value === 'object' && typeof (value as XmlNode)['#text'] === 'string'
        ? ((value as XmlNode)['#text'] as string)
        : '';
  return decodeEntities(raw).trim();
}

/** The elements named `key` anywhere under `node`, in document order. */
export function allOf(node: unknown, key: string): XmlNode[] {
  const found: XmlNode[] = [];
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) {
      for (const item of n) walk(item);
      return;
    }
    if (n === null || typeof n !== 'object') return;
    for (const [k, v] of Object.entries(n as XmlNode)) {
      if (k === key) for (const item of Array.isArray(v) ? v : [v]) found.push(item as XmlNode);
      else walk(v);
    }
  };
  walk(node);
  return found;
}
