import autocannon from 'autocannon';
const [url, cookie, secs = 10] = process.argv.slice(2);
const r = await autocannon({ url, connections: 10, duration: +secs, headers: { cookie } });
console.log('rps', r.requests.average, 'p99', r.latency.p99, 'non2xx', r.non2xx);
