// The ceiling: a bare Fastify route on the same machine, measured in the same run as the platform.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('Vestora is running (bench ceiling)');
