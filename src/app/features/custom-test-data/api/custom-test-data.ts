import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { libraryApiPaths } from '@shared/libraries/api-paths-libraries';
import {
  customTestDataRemoved,
  customTestDataUploaded,
  type CustomTestData,
} from '@shared/libraries/custom-test-data';
import { api } from '@app/lib/api-client';
import { saveBlobAs } from '@app/lib/save-blob';
import { putById } from '@app/lib/list-cache';
import { uploadBody, type UploadVariables } from '@app/features/custom-test-data/model/upload-form';

/** Keys of the custom test data: the list, and the writes (uploads, removals) under them. */
export const customTestDataKeys = {
  all: ['customTestData'] as const,
  list: () => [...customTestDataKeys.all, 'list'] as const,
  write: () => [...customTestDataKeys.all, 'write'] as const,
};

/** `GET customtestdata/`: the files of the caller's tree, by customer, then file name. */
export const customTestDataQueryOptions = () =>
  queryOptions({
    queryKey: customTestDataKeys.list(),
    queryFn: ({ signal }) =>
      api.get<CustomTestData[]>(libraryApiPaths.customTestDataList, { signal }),
  });

/**
 * `GET customtestdata/{id}`: the file as bytes, saved under its FileName. A failure is only
 * logged to the console, as spec 03 §8 says of failed file downloads (the tacho files too).
 */
export async function downloadCustomTestData(
  file: Pick<CustomTestData, 'Id' | 'FileName'>,
): Promise<void> {
  try {
    const blob = await api.blob(libraryApiPaths.customTestData(file.Id), { notify: false });
    saveBlobAs(blob, file.FileName);
  } catch (error) {
    console.error(`The test data file ${file.FileName} could not be downloaded`, error);
  }
}

/** `POST customtestdata/` as multipart (the file in the part `File`): the new file joins the list. */
export const uploadCustomTestDataMutationOptions = () =>
  mutationOptions({
    mutationKey: customTestDataKeys.write(),
    mutationFn: (variables: UploadVariables) =>
      api.post<CustomTestData>(libraryApiPaths.customTestDataList, uploadBody(variables)),
    onSuccess: (stored, _variables, _result, { client }) => {
      toast.success(customTestDataUploaded(stored.FileName));
      client.setQueryData<CustomTestData[]>(customTestDataKeys.list(), (rows) =>
        putById(rows, stored, 'start'),
      );
    },
  });

/** `DELETE customtestdata/{id}`: answers the removed file, which leaves the list. */
export const removeCustomTestDataMutationOptions = () =>
  mutationOptions({
    mutationKey: customTestDataKeys.write(),
    mutationFn: (file: CustomTestData) =>
      api.delete<CustomTestData>(libraryApiPaths.customTestData(file.Id)),
    onSuccess: (removed, _file, _result, { client }) => {
      toast.success(customTestDataRemoved(removed.FileName));
      client.setQueryData<CustomTestData[]>(customTestDataKeys.list(), (rows) =>
        rows?.filter((row) => row.Id !== removed.Id),
      );
    },
  });
