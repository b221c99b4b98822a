/** The package's own version: the report layer reads it, for the CLI and the test reporter alike. */
export { packageVersion } from '../report/version.js';
