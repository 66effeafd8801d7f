import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { useRegexTable } from '../render/highlight';
import { readRegexTable } from './regex-table-file';
import { startServer } from './server';

useRegexTable(() => readRegexTable());

startServer(createConnection(ProposedFeatures.all));
