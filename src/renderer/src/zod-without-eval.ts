import { z } from 'zod';

// The page's CSP forbids eval: zod's compiled object parsers would probe for it (a CSP violation each time a schema
// is built), so it parses without them. Imported first, before any module builds a schema.
z.config({ jitless: true });
