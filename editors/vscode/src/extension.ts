// PureYAML for VS Code: starts `pureyaml lsp` over stdio for YAML documents.
//
// Everything YAML-specific (diagnostics, outline, formatting) is done by the server; this file only
// finds the binary, starts the client and restarts it when `pureyaml.path` changes.

import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import {
  Executable,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';

let client: LanguageClient | undefined;
let outputChannel: vscode.OutputChannel | undefined;

/** Language ids whose documents the server gets: YAML, and VS Code's own id for Compose files. */
const yamlLanguages = ['yaml', 'dockercompose'];

/** Settings sections sent to the server (didChangeConfiguration and workspace/configuration). */
const configurationSections = ['pureyaml', 'yaml'];

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  outputChannel = vscode.window.createOutputChannel('PureYAML');
  context.subscriptions.push(outputChannel);

  context.subscriptions.push(
    vscode.commands.registerCommand('pureyaml.restartServer', () => restart()),
    vscode.commands.registerCommand('pureyaml.showOutput', () => outputChannel?.show(true)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      // Other settings reach the running server through didChangeConfiguration;
      // a new binary needs a new process.
      if (event.affectsConfiguration('pureyaml.path')) {
        void restart();
      }
    }),
  );

  await start();
}

export async function deactivate(): Promise<void> {
  await stop();
}

async function start(): Promise<void> {
  const command = serverPath();
  const executable: Executable = {
    command,
    args: ['lsp'],
    transport: TransportKind.stdio,
  };
  const serverOptions: ServerOptions = { run: executable, debug: executable };

  const clientOptions: LanguageClientOptions = {
    // VS Code gives Compose files (docker-compose.yml, compose.yaml, ...) a language of their own,
    // `dockercompose`, with the YAML grammar; they are YAML to the server.
    documentSelector: yamlLanguages.flatMap((language) => [
      { scheme: 'file', language },
      { scheme: 'untitled', language },
    ]),
    // The yamllint configuration files are watched at the server's request (client/registerCapability after
    // initialized), as in other editors; a watcher of our own here would report each change twice.
    synchronize: { configurationSection: configurationSections },
    initializationOptions: currentSettings(),
    outputChannel,
    traceOutputChannel: outputChannel,
  };

  client = new LanguageClient('pureyaml', 'PureYAML', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    client = undefined;
    const message = error instanceof Error ? error.message : String(error);
    const choice = await vscode.window.showErrorMessage(
      `PureYAML: could not start "${command} lsp" (${message}). Set "pureyaml.path" to the pureyaml executable.`,
      'Open Settings',
    );
    if (choice === 'Open Settings') {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'pureyaml.path');
    }
  }
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) {
    await running.stop();
  }
}

async function restart(): Promise<void> {
  await stop();
  await start();
}

/**
 * The `pureyaml` executable from `pureyaml.path`, as the user set it (never a workspace's value: a
 * repository must not choose the program VS Code starts): `~` expanded; a relative path is refused
 * (it is not resolved against the workspace), so the default `pureyaml` on `PATH` runs instead.
 */
function serverPath(): string {
  const declared = vscode.workspace.getConfiguration('pureyaml').inspect<string>('path');
  let configured = (declared?.globalValue ?? declared?.defaultValue ?? 'pureyaml').trim();
  if (configured === '') {
    configured = 'pureyaml';
  }
  if (configured === '~' || configured.startsWith('~/')) {
    configured = path.join(os.homedir(), configured.slice(1));
  }
  if (!path.isAbsolute(configured) && configured.includes('/')) {
    void vscode.window.showWarningMessage(
      `PureYAML: "pureyaml.path" must be absolute, start with ~/, or be a bare name on PATH; "${configured}" is ignored.`,
    );
    configured = 'pureyaml';
  }
  return configured;
}

/** `{pureyaml: {...}, yaml: {...}}`, the shape the server accepts as initializationOptions. */
function currentSettings(): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const section of configurationSections) {
    // JSON round trip: a WorkspaceConfiguration carries functions (get, has, ...) besides the values.
    settings[section] = JSON.parse(JSON.stringify(vscode.workspace.getConfiguration(section)));
  }
  return settings;
}
