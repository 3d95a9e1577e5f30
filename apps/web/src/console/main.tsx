import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { ConsoleApp } from './console-app.tsx';

dayjs.locale('zh-cn');

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from console.html');

createRoot(container).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
