// The Docwright output channel (the language server's log) and the channel the language client
// writes its message trace to.
//
// vscode-languageclient traces only while the trace channel's log level is Trace, and then reads
// `docwright.trace.server` just for the verbosity: on its own, the setting would do nothing unless
// the user also set the channel's log level ("Developer: Set Log Level..."). So the trace channel
// here is the same output channel seen through a level that is Trace whenever the setting is not
// "off", and trace lines are written at a level the channel shows by default.
import * as vscode from 'vscode';

export function createOutputChannels(context: vscode.ExtensionContext): {
  outputChannel: vscode.LogOutputChannel;
  traceOutputChannel: vscode.LogOutputChannel;
} {
  const log = vscode.window.createOutputChannel('Docwright', { log: true });
  const tracing = (): boolean => vscode.workspace.getConfiguration('docwright').get<string>('trace.server', 'off') !== 'off';
  const level = (): vscode.LogLevel => (tracing() ? vscode.LogLevel.Trace : log.logLevel);
  const levelChanged = new vscode.EventEmitter<vscode.LogLevel>();
  let last = level();
  const update = (): void => {
    const now = level();
    if (now === last) return;
    last = now;
    levelChanged.fire(now); // the client turns its trace on or off
  };
  context.subscriptions.push(
    log,
    levelChanged,
    log.onDidChangeLogLevel(update),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('docwright.trace.server')) update();
    }),
  );

  const traceOutputChannel: vscode.LogOutputChannel = {
    get name() {
      return log.name;
    },
    get logLevel() {
      return level();
    },
    onDidChangeLogLevel: levelChanged.event,
    trace: (message, ...args) => (tracing() ? log.info(message, ...args) : log.trace(message, ...args)),
    debug: (message, ...args) => log.debug(message, ...args),
    info: (message, ...args) => log.info(message, ...args),
    warn: (message, ...args) => log.warn(message, ...args),
    error: (error, ...args) => log.error(error, ...args),
    append: (value) => log.append(value),
    appendLine: (value) => log.appendLine(value),
    replace: (value) => log.replace(value),
    clear: () => log.clear(),
    show: (columnOrPreserveFocus?: vscode.ViewColumn | boolean, preserveFocus?: boolean) =>
      typeof columnOrPreserveFocus === 'boolean' ? log.show(columnOrPreserveFocus) : log.show(columnOrPreserveFocus, preserveFocus),
    hide: () => log.hide(),
    dispose: () => undefined, // the channel itself is disposed with the extension
  };
  return { outputChannel: log, traceOutputChannel };
}
