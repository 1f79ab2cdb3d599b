/**
 * The MCP Apps test host in real Chromium, for the view tests: the server (its own handler) behind
 * the host page on loopback, the YNAB stand-in behind the server, and the calls a test makes through
 * the page: a tool called as the model would (its view shown in the page's iframe, with or without
 * the host's theme variables, in a locale, at a width), what the model read, what the views called.
 */
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { Frame, Page } from 'playwright-core';
import { startAppsHost, type AppsHost } from '../../scripts/apps-host.mjs';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { serverFactory } from '../../src/server.js';
import { closePage, type Browser } from './browser.js';
import { startHarness, writeLines, type Harness } from './harness.js';

export interface ShowOptions {
  /** False: the host sends its theme's name but none of its style variables. */
  variables?: boolean;
  /** False: the host names no theme either (the view follows the system's scheme). */
  theme?: boolean;
  locale?: string;
  width?: number;
}

export interface AppCall {
  name: string;
  arguments: Record<string, unknown>;
  isError: boolean;
  result: { content?: unknown; structuredContent?: unknown; _meta?: Record<string, unknown> };
}

type HostGlobal = {
  avenirHost: {
    ready: Promise<void>;
    show(...x: unknown[]): Promise<unknown>;
    callAsApp(...x: unknown[]): Promise<{ isError?: boolean }>;
    modelSaw: unknown[];
    appCalls: AppCall[];
  };
};

export interface AppsPage {
  h: Harness;
  page: Page;
  /** Calls a tool as the model would and returns its view's frame. */
  show(name: string, args: Record<string, unknown>, theme?: string, options?: ShowOptions): Promise<Frame>;
  /** What the model read, as JSON. */
  modelSaw(): Promise<string>;
  appCalls(): Promise<AppCall[]>;
  /** The stand-in's recorded requests that change something. */
  writes(): string[];
  close(): Promise<void>;
}

/** A fresh stand-in, server and host page; `prepare` may reset the stand-in's plan first. */
export async function openAppsPage(browser: Browser, prepare?: (h: Harness) => void): Promise<AppsPage> {
  const h = await startHarness();
  prepare?.(h);
  const deps = createDeps(loadConfig(h.env), silentLog);
  const host: AppsHost = await startAppsHost({
    handler: createMcpHandler(serverFactory(deps)),
    hostDir: 'build/apps-host',
  });
  const page = await browser.page();
  await page.goto(`${host.url}?test`);
  await page.evaluate(() => (globalThis as never as HostGlobal).avenirHost.ready);
  return {
    h,
    page,
    async show(name, args, theme = 'light', options = {}) {
      const r = await page.evaluate(
        ([n, a, t, o]) => (globalThis as never as HostGlobal).avenirHost.show(n, a, t, o),
        [name, args, theme, options] as const,
      );
      // the host replaces the view's iframe: the one just made, never the one it replaced (which a
      // loaded browser may still list for a moment)
      const frame = page
        .frames()
        .filter((f) => f !== page.mainFrame() && !f.isDetached())
        .at(-1);
      if (!frame) throw new Error(`${name} showed no view: ${JSON.stringify(r)}`);
      return frame;
    },
    modelSaw: () =>
      page.evaluate(() => JSON.stringify((globalThis as never as HostGlobal).avenirHost.modelSaw)),
    appCalls: () => page.evaluate(() => (globalThis as never as HostGlobal).avenirHost.appCalls),
    writes: () => writeLines(h),
    async close() {
      closePage(page);
      await host.close();
      await h.close();
    },
  };
}

/** Waits until the view's body says it reached `state`. */
export const stateOf = (frame: Frame, state: string) => frame.waitForSelector(`body[data-state="${state}"]`);

/** An `rgb()`/`rgba()` colour or a `#rrggbb` as its channels (0–255). */
function channels(color: string): [number, number, number] {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color.trim());
  if (hex) return [1, 2, 3].map((i) => parseInt(hex[i] ?? '0', 16)) as [number, number, number];
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color.trim());
  if (short) return [1, 2, 3].map((i) => parseInt(`${short[i]}${short[i]}`, 16)) as [number, number, number];
  const rgb = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/.exec(color);
  if (!rgb) throw new Error(`Not a colour: ${color}`);
  return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
}

/** WCAG 2 relative luminance. */
function luminance(color: string): number {
  const [r, g, b] = channels(color).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours (1 to 21; 4.5 is the floor for text). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text and background colours a person sees for each element matching `selector` in the frame:
 * the element's computed colour on the nearest opaque background behind it.
 */
export function colours(frame: Frame, selector: string): Promise<{ text: string; fg: string; bg: string }[]> {
  return frame.$$eval(selector, (nodes) =>
    nodes.map((node) => {
      const win = globalThis as never as {
        getComputedStyle(e: unknown): { color: string; backgroundColor: string };
      };
      const fg = win.getComputedStyle(node).color;
      let at: { parentElement: unknown } | null = node as never;
      let bg = 'rgba(0, 0, 0, 0)';
      while (at !== null) {
        const c = win.getComputedStyle(at).backgroundColor;
        if (!/rgba\(.*,\s*0\)$/.test(c) && c !== 'transparent') {
          bg = c;
          break;
        }
        at = at.parentElement as { parentElement: unknown } | null;
      }
      return { text: (node as { textContent: string | null }).textContent ?? '', fg, bg };
    }),
  );
}
