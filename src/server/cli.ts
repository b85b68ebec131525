/**
 * Operator commands: `npm run cli -- <command> [args]` (DESIGN.md §5).
 *   content:check [dir] [--db]                   validate official content, print counts as JSON (--db: and admin overrides)
 *   users:set-admin <email>                      make an account an administrator
 *   users:set-plan <email> free|trial|unlimited  set an account's plan
 *   import:cases <file or folder> [--subject id]  import opinions into the shared library
 *   prices:set <tier> <month|year> <cents> <currency> [price_…]  price mapping (issue 14 §7)
 * Exit code 0 on success, 1 on failure, 2 on a usage error.
 */
import { contentCheck } from "./cli/content-check";

const USAGE = `usage: npm run cli -- <command>
  content:check [dir] [--db]
  users:set-admin <email>
  users:set-plan <email> free|trial|unlimited
  import:cases <file or folder> [--subject <subject id>]
  prices:set <tier> <month|year> <cents> <currency> [stripe price id]`;

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case "content:check":
      return await contentCheck(args);
    default: {
      const extra = await import("./cli/commands").catch(() => null);
      if (extra && command && command in extra.commands) return extra.commands[command](args);
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  },
);
