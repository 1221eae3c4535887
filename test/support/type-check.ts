/**
 * The strict type check, as the suite runs it: TypeScript 7's native compiler (the `typescript-7`
 * package, an alias of typescript@7), which checks this repository in about a third of the CPU time
 * of TypeScript 5 — it matters because the leaf-plugin test runs it once per leaf. TypeScript 5 stays
 * installed for `openapi-typescript`, which needs its compiler API (TypeScript 7 ships none).
 */
export const typeCheckCommand = [process.execPath, 'node_modules/typescript-7/bin/tsc', '--noEmit', '-p', '.'];
