import { uploadLessonImage as uploadLessonImageCall } from '@contract/descriptors/lessons'
import { useMutation } from '@tanstack/react-query'
import { request } from '@/shared/api/request'

/** The multipart field the upload reads (§7). */
export const LESSON_IMAGE_FIELD = 'image'

/** POST /lessons/upload-image: the cover goes up first; the answer's id goes on the lesson. */
export const uploadLessonImage = (file: File) => {
  const body = new FormData()
  body.append(LESSON_IMAGE_FIELD, file)
  return request(uploadLessonImageCall, { body })
}

/**
 * Uploads a cover. Nothing is cached until the lesson names the image, so there is nothing to
 * invalidate. The caller shows the outcome: the upload is one step of saving a lesson, whose
 * form says how the whole save ended, in one toast.
 */
export const useUploadLessonImage = () => useMutation({ mutationFn: uploadLessonImage })
