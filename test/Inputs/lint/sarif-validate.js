// Validates a SARIF log against the official SARIF 2.1.0 JSON schema with ajv
// (the draft the schema declares: 2020-12 in sarif-multitool 5.x, draft-07 in
// the OASIS original). The schema and ajv come from the npm prefix that
// scripts/install-sarif-validator.sh fills.
//
// usage: node sarif-validate.js NPM_PREFIX LOG.sarif
// Prints "schema: valid" and exits 0, or prints each error and exits 1.
'use strict';
const fs = require('fs');
const path = require('path');

if (process.argv.length !== 4) {
  console.error('usage: node sarif-validate.js NPM_PREFIX LOG.sarif');
  process.exit(2);
}
const modules = path.join(path.resolve(process.argv[2]), 'node_modules');
const load = (name) => require(path.join(modules, name));
const addFormats = load('ajv-formats').default;

const schema = JSON.parse(fs.readFileSync(
    path.join(modules, '@microsoft', 'sarif-multitool-linux', 'sarif-2.1.0.json'), 'utf8'));
const draft = String(schema.$schema || '');
const Ajv = draft.includes('2020-12') ? load('ajv/dist/2020').default
          : draft.includes('2019-09') ? load('ajv/dist/2019').default
          : load('ajv').default;
const log = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));

// strict: false because the official schema uses keywords ajv's strict mode
// rejects (e.g. "id" alongside "$id"), not because we skip any check.
const ajv = new Ajv({allErrors: true, strict: false});
addFormats(ajv);
const validate = ajv.compile(schema);
if (validate(log)) {
  console.log('schema: valid');
  process.exit(0);
}
for (const e of validate.errors)
  console.log(`schema error: ${e.instancePath || '/'}: ${e.message}` +
              (e.params ? ' ' + JSON.stringify(e.params) : ''));
process.exit(1);
