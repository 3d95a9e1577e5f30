/** The calls of the server's uploads module (apps/server/src/modules/uploads). */
import { defineContract } from '../call-contract.ts';
import {
  deleteServiceFilesBodySchema,
  deleteServiceFilesResultSchema,
  preflightQuerySchema,
  preflightReportSchema,
  serviceFilePageSchema,
  serviceFilesQuerySchema,
  uploadChunkFieldsSchema,
  uploadChunkResultSchema,
} from '../calls/uploads.ts';

export const uploadsCalls = {
  CheckUploadChunkFile: defineContract({
    method: 'GET',
    path: '/api/common/UploadChunkFile',
    summary: '分片上传：查询服务器已有的分片；文件已完整（秒传）时直接返回文件',
    tags: ['uploads'],
    auth: 'customer',
    input: uploadChunkFieldsSchema,
    output: uploadChunkResultSchema,
    rateLimit: { group: 'uploadCheck', perAccount: 'customer' },
  }),
  UploadChunkFile: defineContract({
    method: 'POST',
    path: '/api/common/UploadChunkFile',
    summary: '分片上传：multipart/form-data，字段同 GET，外加文件分片 file；最后一片到达时合并并校验 MD5',
    tags: ['uploads'],
    auth: 'customer',
    multipart: true,
    input: uploadChunkFieldsSchema,
    output: uploadChunkResultSchema,
  }),
  get_service_files: defineContract({
    method: 'GET',
    path: '/api/v1/get_service_files',
    summary: '我的文件（服务器文件选择器）：分页，最新在前',
    tags: ['uploads'],
    auth: 'customer',
    input: serviceFilesQuerySchema,
    output: serviceFilePageSchema,
  }),
  post_service_file_delete: defineContract({
    method: 'POST',
    path: '/api/v1/post_service_file_delete',
    summary: '删除我的文件：ids 为文件编号数组（或逗号分隔）；任一不属于当前客户则全部不删',
    tags: ['uploads'],
    auth: 'customer',
    input: deleteServiceFilesBodySchema,
    output: deleteServiceFilesResultSchema,
    successMessage: '删除成功',
  }),
  get_service_file_preflight: defineContract({
    method: 'GET',
    path: '/api/v1/get_service_file_preflight',
    summary:
      '印前检查：PDF 页数、页面尺寸与出血，图片像素、印刷分辨率与颜色模式；width/height 为成品尺寸（毫米）',
    tags: ['uploads'],
    auth: 'customer',
    input: preflightQuerySchema,
    output: preflightReportSchema,
  }),
};
