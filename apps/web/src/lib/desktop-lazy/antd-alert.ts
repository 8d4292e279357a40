export { Alert as default } from 'antd';
