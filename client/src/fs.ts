// Small file helpers over vscode.workspace.fs, shared by the commands that write files.
import * as vscode from 'vscode';

/** Whether a file or folder exists. */
export async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
