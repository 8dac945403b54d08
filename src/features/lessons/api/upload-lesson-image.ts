import { uploadLessonImage as uploadLessonImageCall } from '@contract/descriptors/lessons'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { serverMessage } from '@/shared/api/errors'
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
 * §8: 'Image uploaded successfully', or a toast with the server's message. Nothing is cached
 * until the lesson names the image, so there is nothing to invalidate.
 */
export const useUploadLessonImage = () => {
  const { t } = useTranslation()
  return useMutation({
    mutationFn: uploadLessonImage,
    onSuccess: () => {
      toast.success(t('lessons.form.imageUploaded'))
    },
    onError: (error) => {
      toast.error(serverMessage(error, t('lessons.form.errors.imageUploadFailed')))
    },
  })
}
