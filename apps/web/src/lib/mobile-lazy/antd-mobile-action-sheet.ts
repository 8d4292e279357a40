export { ActionSheet as default } from 'antd-mobile';
