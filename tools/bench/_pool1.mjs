import pg from 'pg';
const Orig = pg.Pool;
const pools = [];
pg.Pool = class extends Orig {
  constructor(o) {
    super({ ...o, max: 1 });
    pools.push(this);
  }
};
process.on('SIGUSR2', async () => {
  for (const p of pools) {
    try {
      const r = await p.query(
        `SELECT generic_plans g, custom_plans c, regexp_replace(left(statement, 2000), '\\s+', ' ', 'g') s FROM pg_prepared_statements ORDER BY custom_plans DESC`,
      );
      for (const x of r.rows) console.error(`PLANS g=${x.g} c=${x.c} ${x.s}`);
    } catch (e) {
      console.error('PLANS error', e.message);
    }
  }
});
