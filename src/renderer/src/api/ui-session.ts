/**
 * This page load of the UI, as the core's page cache knows it: a reload or another tab is another
 * session and is never served pages this one read. getRandomValues works outside secure contexts too.
 */
export const uiSession = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
