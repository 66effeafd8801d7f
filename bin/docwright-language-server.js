#!/usr/bin/env node
'use strict';
// The language server over stdin/stdout, for editors other than VS Code (docs/editors.md).
require('../dist/server.js').main(['lsp']);
