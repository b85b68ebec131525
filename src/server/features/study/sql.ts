/** @deprecated Import `rows` and `num` from src/server/db/client.ts. */
export { num, rows } from "../../db/client";
