import './console.css';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './app/ConsoleApp';
import { createConsoleStore } from './app/store';

const container = document.getElementById('root');
if (!container) throw new Error('The console page has no #root element.');
createRoot(container).render(<ConsoleApp store={createConsoleStore()} />);
