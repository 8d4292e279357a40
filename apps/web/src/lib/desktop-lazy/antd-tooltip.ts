export { Tooltip as default } from 'antd';
