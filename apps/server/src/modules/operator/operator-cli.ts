// `npm run operator -w @rally/server -- grant <email> | revoke <email> | list`: the one way, besides
// OPERATOR_EMAILS, to make a platform operator. With the embedded database, stop the server first (one process
// opens it at a time).
import { loadEnv } from '../../config/env.js';
import { createDatabase } from '../../db/client.js';
import { listOperators, setOperator } from './grant-operator.js';

const [command, email] = process.argv.slice(2);
const usage = 'usage: npm run operator -w @rally/server -- grant <email> | revoke <email> | list';

if (command !== 'list' && ((command !== 'grant' && command !== 'revoke') || !email)) {
  console.error(usage);
  process.exit(2);
}
const env = loadEnv();
const database = createDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
let code = 0;
try {
  await database.migrate();
  if (command === 'list') {
    const emails = await listOperators(database.db);
    console.log(emails.length ? emails.join('\n') : 'No operator granted in the database.');
    if (env.operatorEmails.length) console.log(`OPERATOR_EMAILS: ${env.operatorEmails.join(', ')}`);
  } else {
    const id = await setOperator(database.db, email!, command === 'grant');
    if (id) console.log(`${email} ${command === 'grant' ? 'is now a platform operator' : 'is no longer a platform operator'}.`);
    else {
      console.error(`No account with the email ${email}: sign up first, then grant.`);
      code = 1;
    }
  }
} finally {
  await database.close();
}
process.exit(code);
