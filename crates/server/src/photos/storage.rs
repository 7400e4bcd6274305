//! Where photos live: a local folder by default, S3-compatible storage when configured.

use std::sync::Arc;

use anyhow::{Context, bail};
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::prefix::PrefixStore;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};

#[derive(Clone)]
pub struct PhotoStore {
    store: Arc<dyn ObjectStore>,
}

impl PhotoStore {
    /// `file://folder` (created when missing) or `s3://bucket/prefix` (credentials and endpoint
    /// from the usual `AWS_*` variables).
    pub fn from_url(url: &str) -> anyhow::Result<Self> {
        let store: Arc<dyn ObjectStore> = if let Some(folder) = url.strip_prefix("file://") {
            std::fs::create_dir_all(folder).with_context(|| format!("creating the photo folder {folder}"))?;
            Arc::new(LocalFileSystem::new_with_prefix(folder).with_context(|| format!("opening {folder}"))?)
        } else if let Some(rest) = url.strip_prefix("s3://") {
            let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
            if bucket.is_empty() {
                bail!("the storage URL {url} names no bucket");
            }
            let s3 = AmazonS3Builder::from_env().with_bucket_name(bucket).build().context("configuring S3 storage")?;
            if prefix.trim_matches('/').is_empty() {
                Arc::new(s3)
            } else {
                Arc::new(PrefixStore::new(s3, prefix.trim_matches('/')))
            }
        } else {
            bail!("unsupported storage URL {url}: use file://folder or s3://bucket/prefix");
        };
        Ok(Self { store })
    }

    pub async fn put(&self, key: &str, bytes: Vec<u8>) -> anyhow::Result<()> {
        self.store.put(&Path::from(key), PutPayload::from(bytes)).await.with_context(|| format!("storing {key}"))?;
        Ok(())
    }

    /// The object's bytes; `None` when there is none.
    pub async fn get(&self, key: &str) -> anyhow::Result<Option<Vec<u8>>> {
        match self.store.get(&Path::from(key)).await {
            Ok(found) => Ok(Some(found.bytes().await.with_context(|| format!("reading {key}"))?.to_vec())),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(e).with_context(|| format!("reading {key}")),
        }
    }

    /// The object's bytes as they are read, a chunk at a time; `None` when there is none.
    pub async fn stream(
        &self,
        key: &str,
    ) -> anyhow::Result<Option<futures::stream::BoxStream<'static, object_store::Result<axum::body::Bytes>>>> {
        match self.store.get(&Path::from(key)).await {
            Ok(found) => Ok(Some(found.into_stream())),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(e).with_context(|| format!("reading {key}")),
        }
    }

    pub async fn exists(&self, key: &str) -> anyhow::Result<bool> {
        match self.store.head(&Path::from(key)).await {
            Ok(_) => Ok(true),
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(e) => Err(e).with_context(|| format!("looking up {key}")),
        }
    }

    /// Remove every object under `folder/`; how many were removed.
    pub async fn delete_folder(&self, folder: &str) -> anyhow::Result<usize> {
        use futures::TryStreamExt;
        let prefix = Path::from(folder);
        let keys: Vec<Path> = self
            .store
            .list(Some(&prefix))
            .map_ok(|meta| meta.location)
            .try_collect()
            .await
            .with_context(|| format!("listing {folder}"))?;
        for key in &keys {
            self.delete(key.as_ref()).await?;
        }
        Ok(keys.len())
    }

    /// Remove an object; one already gone is fine.
    pub async fn delete(&self, key: &str) -> anyhow::Result<()> {
        match self.store.delete(&Path::from(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(e).with_context(|| format!("deleting {key}")),
        }
    }
}
