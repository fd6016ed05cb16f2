import { openDatabase } from "./server/channel-api/store/database";
const t = performance.now();
const db = openDatabase("/tmp/seg-idx.sqlite");
console.log("migrated in", ((performance.now() - t) / 1000).toFixed(1), "s");
db.close();
