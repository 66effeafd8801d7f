#!/usr/bin/env node
'use strict';
require('../dist/server.js')
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
