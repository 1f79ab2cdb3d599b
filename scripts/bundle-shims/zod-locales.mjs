// zod's error-message locales as the bundle has them: English only, the one zod uses unless told
// otherwise (nothing here calls `z.config` with another). The forty others are a third of zod's size
// and would be read and compiled at every start.
export { default as en } from 'zod/v4/locales/en.js';
