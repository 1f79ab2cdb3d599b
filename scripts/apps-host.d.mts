/** Types of apps-host.mjs, for the browser tests. */
export interface AppsHost {
  url: string;
  close(): Promise<void>;
}
export function startAppsHost(options: {
  handler: { fetch(request: Request): Promise<Response>; close(): Promise<void> };
  hostDir: string;
  port?: number;
}): Promise<AppsHost>;
