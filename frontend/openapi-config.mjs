// The console's RTK Query endpoints and types, generated from the service's description of its
// API (contract/console-api.json, written by `make openapi`): `make openapi` runs this too, and
// src/console/api/generated.test.ts fails when the committed file is not what it makes.
/** @type {import('@rtk-query/codegen-openapi').ConfigFile} */
export default {
  schemaFile: '../contract/console-api.json',
  apiFile: './src/console/api/base-api.ts',
  apiImport: 'consoleApi',
  outputFile: './src/console/api/console-api.generated.ts',
  exportName: 'generatedApi',
  flattenArg: true,
  useUnknown: true,
  encodePathParams: true,
  // A browser navigation and the provider's form POST, not the console's fetches.
  filterEndpoints: (name) =>
    !['ssoStart', 'ssoCallback', 'ssoBackchannelLogout', 'exportLeads'].includes(name),
};
