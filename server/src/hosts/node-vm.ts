// Node's vm for the core bundle (dist/core.js, built without Node built-ins: hosts/web/shims/vm.ts),
// so the time limits on parsing, highlighting and Vale, which stop hostile pages, run under Node's
// watchdog in every Node host and worker thread. main.ts imports it first: the worker threads'
// modules start their work as they load. From source, util/time-limit.ts imports Node's vm itself.
import * as vm from 'node:vm';
import { plugVm } from './web/shims/vm';

plugVm(vm);
