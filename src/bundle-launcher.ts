#!/usr/bin/env node
/**
 * The Claude Desktop extension's entry (the manifest's `entry_point`): it maps the extension's
 * settings to the server's switches, then starts the server exactly as `avenir-mcp` starts.
 */
import { applyDesktopSettings } from './config.js';

applyDesktopSettings();
await import('./main.js');
