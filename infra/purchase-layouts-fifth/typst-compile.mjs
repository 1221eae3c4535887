// Compiles a Typst document (stdin) to a PDF (argv[2]) with the typst.ts Node compiler, fonts from the system.
import { writeFileSync } from 'node:fs';

const modules = process.env.FIFTH_NODE_MODULES ?? '/tmp/fifth-tools/node_modules';
const { NodeCompiler } = await import(`${modules}/@myriaddreamin/typst-ts-node-compiler/index.js`);
const compiler = NodeCompiler.create({ fontArgs: [{ fontPaths: ['/usr/share/fonts/truetype'] }] });
writeFileSync(process.argv[2], compiler.pdf({ mainFileContent: await Bun.stdin.text() }));
