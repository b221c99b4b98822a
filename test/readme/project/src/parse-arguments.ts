/**
 * The README's property test imports `../src/parse-arguments.js`: in the new project this file
 * is replaced by the parser of examples/property-testing itself, re-exported here for `tsc`.
 */
export { parseArguments } from '../../../../examples/property-testing/parse-arguments.js';
