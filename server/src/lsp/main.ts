import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { useRegexTable } from '../render/highlight';
import { enableMermaidCheck } from './mermaid-file';
import { readRegexTable } from './regex-table-file';
import { startServer } from './server';

useRegexTable(() => readRegexTable());
enableMermaidCheck();

startServer(createConnection(ProposedFeatures.all));
