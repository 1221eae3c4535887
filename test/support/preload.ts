// Keep test output readable: the service logs only warnings and errors unless LOG_LEVEL says otherwise.
process.env.LOG_LEVEL ??= 'error';
