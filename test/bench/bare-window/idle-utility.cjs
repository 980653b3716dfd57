// An empty utility process for the start-up baseline: it waits for messages and does nothing.
process.parentPort.on('message', () => {});
